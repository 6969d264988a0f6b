package br.com.lojaapi.arquitetura;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** Layering of the modules: the two sides never know each other; the message API knows no one. */
class ArquiteturaTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("br.com.lojaapi");

    @Test
    void ladoDeComandoNaoDependeDoLadoDeConsulta() {
        noClasses().that().resideInAPackage("br.com.lojaapi.command..")
                   .should().dependOnClassesThat().resideInAnyPackage("br.com.lojaapi.query..", "br.com.lojaapi.gateway..")
                   .check(CLASSES);
    }

    @Test
    void ladoDeConsultaNaoDependeDoLadoDeComando() {
        noClasses().that().resideInAPackage("br.com.lojaapi.query..")
                   .should().dependOnClassesThat().resideInAnyPackage("br.com.lojaapi.command..", "br.com.lojaapi.gateway..")
                   .check(CLASSES);
    }

    @Test
    void apiDeMensagensNaoDependeDeNadaNossoNemDeSpring() {
        noClasses().that().resideInAPackage("br.com.lojaapi.coreapi..")
                   .should().dependOnClassesThat().resideInAnyPackage("br.com.lojaapi.command..", "br.com.lojaapi.query..",
                           "br.com.lojaapi.gateway..", "org.springframework..", "jakarta.persistence..")
                   .check(CLASSES);
    }

    @Test
    void entidadesDeLeituraNaoSaemDoLadoDeConsulta() {
        noClasses().that().resideOutsideOfPackage("br.com.lojaapi.query..")
                   .should().dependOnClassesThat().areAnnotatedWith(jakarta.persistence.Entity.class)
                   .check(CLASSES);
    }
}
