package br.com.lojaapi.command.armazenamento;

import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.AggregateFactory;
import org.axonframework.spring.config.SpringAggregateLookup;
import org.axonframework.spring.stereotype.Aggregate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;

import static org.assertj.core.api.Assertions.assertThat;

/** Axon's own lookup finds a constructor-based factory for each aggregate, and registers none of its own. */
class FabricasDeAgregadosTest {

    /** A service that only the application context can give a handler. */
    static class Servico {
    }

    @Aggregate
    static class Exemplo {
        Exemplo() {
        }

        @CommandHandler
        void tratar(String comando, Servico servico) {
        }
    }

    @Aggregate
    static class Raiz {
    }

    @Aggregate
    static class Derivado extends Raiz {
    }

    @Test
    void agregadoPolimorficoFicaComAFabricaDoAxon() {
        DefaultListableBeanFactory fabrica = new DefaultListableBeanFactory();
        for (Class<?> tipo : new Class<?>[] {Raiz.class, Derivado.class}) {
            RootBeanDefinition agregado = new RootBeanDefinition(tipo);
            agregado.setScope(BeanDefinition.SCOPE_PROTOTYPE);
            fabrica.registerBeanDefinition(tipo.getSimpleName(), agregado);
        }

        new FabricasDeAgregados.Registro().postProcessBeanDefinitionRegistry(fabrica);

        assertThat(fabrica.containsBeanDefinition(FabricasDeAgregados.nomeDaFabrica(Raiz.class))).isFalse();
        assertThat(fabrica.containsBeanDefinition(FabricasDeAgregados.nomeDaFabrica(Derivado.class))).isTrue();
    }

    @Test
    void cadaAgregadoEFeitoPeloConstrutorEOAxonNaoRegistraOutraFabrica() {
        DefaultListableBeanFactory fabrica = new DefaultListableBeanFactory();
        RootBeanDefinition agregado = new RootBeanDefinition(Exemplo.class);
        agregado.setScope(BeanDefinition.SCOPE_PROTOTYPE);
        fabrica.registerBeanDefinition("exemplo", agregado);
        fabrica.registerBeanDefinition("outroBean", new RootBeanDefinition(StringBuilder.class));

        new FabricasDeAgregados.Registro().postProcessBeanDefinitionRegistry(fabrica);
        new SpringAggregateLookup().postProcessBeanFactory(fabrica);

        assertThat(FabricasDeAgregados.nomeDaFabrica(Exemplo.class)).isEqualTo("exemploAggregateFactory");
        assertThat(fabrica.getBeanNamesForType(AggregateFactory.class)).containsExactly("exemploAggregateFactory");
        AggregateFactory<?> exemplos = fabrica.getBean("exemploAggregateFactory", AggregateFactory.class);
        assertThat(exemplos).isInstanceOf(FabricasDeAgregados.PorConstrutor.class);
        assertThat(exemplos.getAggregateType()).isEqualTo(Exemplo.class);
        Object criado = exemplos.createAggregateRoot("e-1", new GenericDomainEventMessage<>("Exemplo", "e-1", 0, "x"));
        assertThat(criado).isExactlyInstanceOf(Exemplo.class);
        Exemplo instantaneo = new Exemplo();
        assertThat(exemplos.createAggregateRoot("e-1", new GenericDomainEventMessage<>("Exemplo", "e-1", 7, instantaneo)))
                .isSameAs(instantaneo);
    }
}
